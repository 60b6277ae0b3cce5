# ria_feature(NAME "doc" FOUND): a feature switch that follows its dependency unless the user chose.
# Not chosen, NAME is re-detected at every configure, so a package installed after a first build
# (say, after apt failed once) turns its feature on at the next build. -DNAME=ON|OFF is the user's
# choice and is kept (in the internal _RIA_USER_NAME) for later configures; -DNAME=AUTO forgets it.
# NAME itself is a normal variable, so a value in the cache can only be one the user just gave.
macro(ria_feature name doc found)
  if(DEFINED CACHE{${name}})
    if("${${name}}" STREQUAL "AUTO")
      unset(_RIA_USER_${name} CACHE)
    else()
      set(_RIA_USER_${name} "${${name}}" CACHE INTERNAL "${doc} (chosen by the user)")
    endif()
    unset(${name} CACHE)
  endif()
  if(DEFINED CACHE{_RIA_USER_${name}})
    set(${name} ${_RIA_USER_${name}})
  elseif(${found})
    set(${name} ON)
  else()
    set(${name} OFF)
  endif()
endmacro()
