"acme.nest"() ({
  "acme.nest"() ({
    "acme.nest"() ({
      "acme.nest"() ({
        "acme.nest"() ({
          "acme.nest"() ({
            "acme.nest"() ({
              "acme.nest"() ({
                "acme.nest"() ({
                  "acme.nest"() ({
                    "acme.nest"() ({
                      "acme.nest"() ({
                        "acme.nest"() ({
                          "acme.nest"() ({
                            "acme.nest"() ({
                              "acme.nest"() ({
                                "acme.nest"() ({
                                  "acme.nest"() ({
                                    "acme.nest"() ({
                                      "acme.nest"() ({
                                        "acme.nest"() ({
                                          "acme.nest"() ({
                                            "acme.nest"() ({
                                              "acme.nest"() ({
                                                "acme.nest"() ({
                                                  "acme.nest"() ({
                                                    "acme.nest"() ({
                                                      "acme.nest"() ({
                                                        "acme.nest"() ({
                                                          "acme.nest"() ({
                                                            "acme.nest"() ({
                                                              "acme.nest"() ({
                                                                "acme.nest"() ({
                                                                  "acme.nest"() ({
                                                                    "acme.nest"() ({
                                                                      "acme.nest"() ({
                                                                        "acme.nest"() ({
                                                                          "acme.nest"() ({
                                                                            "acme.nest"() ({
                                                                              "acme.nest"() ({
                                                                                "acme.nest"() ({
                                                                                  "acme.nest"() ({
                                                                                    "acme.nest"() ({
                                                                                      "acme.nest"() ({
                                                                                        "acme.nest"() ({
                                                                                          "acme.nest"() ({
                                                                                            "acme.nest"() ({
                                                                                              "acme.nest"() ({
                                                                                                "acme.nest"() ({
                                                                                                  "acme.nest"() ({
                                                                                                    "acme.nest"() ({
                                                                                                      "acme.nest"() ({
                                                                                                        "acme.nest"() ({
                                                                                                          "acme.nest"() ({
                                                                                                            "acme.nest"() ({
                                                                                                              "acme.nest"() ({
                                                                                                                "acme.nest"() ({
                                                                                                                  "acme.nest"() ({
                                                                                                                    "acme.nest"() ({
                                                                                                                      "acme.nest"() ({
                                                                                                                        "acme.nest"() ({
                                                                                                                          "acme.nest"() ({
                                                                                                                            "acme.nest"() ({
                                                                                                                              "acme.nest"() ({
                                                                                                                                "acme.nest"() ({
                                                                                                                                  "acme.nest"() ({
                                                                                                                                    "acme.nest"() ({
                                                                                                                                      "acme.nest"() ({
                                                                                                                                        "acme.nest"() ({
                                                                                                                                          "acme.nest"() ({
                                                                                                                                            "acme.nest"() ({
                                                                                                                                              "acme.nest"() ({
                                                                                                                                                "acme.nest"() ({
                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                "acme.nest"() ({
                                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                                "acme.nest"() ({
                                                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                                                "acme.nest"() ({
                                                                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                                                                "acme.nest"() ({
                                                                                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                                                                                "acme.nest"() ({
                                                                                                                                                                                                                                  "acme.nest"() ({
                                                                                                                                                                                                                                    "acme.nest"() ({
                                                                                                                                                                                                                                      "acme.nest"() ({
                                                                                                                                                                                                                                        "acme.nest"() ({
                                                                                                                                                                                                                                          "acme.nest"() ({
                                                                                                                                                                                                                                            "acme.nest"() ({
                                                                                                                                                                                                                                              "acme.nest"() ({
                                                                                                                                                                                                                                              }) : () -> ()
                                                                                                                                                                                                                                            }) : () -> ()
                                                                                                                                                                                                                                          }) : () -> ()
                                                                                                                                                                                                                                        }) : () -> ()
                                                                                                                                                                                                                                      }) : () -> ()
                                                                                                                                                                                                                                    }) : () -> ()
                                                                                                                                                                                                                                  }) : () -> ()
                                                                                                                                                                                                                                }) : () -> ()
                                                                                                                                                                                                                              }) : () -> ()
                                                                                                                                                                                                                            }) : () -> ()
                                                                                                                                                                                                                          }) : () -> ()
                                                                                                                                                                                                                        }) : () -> ()
                                                                                                                                                                                                                      }) : () -> ()
                                                                                                                                                                                                                    }) : () -> ()
                                                                                                                                                                                                                  }) : () -> ()
                                                                                                                                                                                                                }) : () -> ()
                                                                                                                                                                                                              }) : () -> ()
                                                                                                                                                                                                            }) : () -> ()
                                                                                                                                                                                                          }) : () -> ()
                                                                                                                                                                                                        }) : () -> ()
                                                                                                                                                                                                      }) : () -> ()
                                                                                                                                                                                                    }) : () -> ()
                                                                                                                                                                                                  }) : () -> ()
                                                                                                                                                                                                }) : () -> ()
                                                                                                                                                                                              }) : () -> ()
                                                                                                                                                                                            }) : () -> ()
                                                                                                                                                                                          }) : () -> ()
                                                                                                                                                                                        }) : () -> ()
                                                                                                                                                                                      }) : () -> ()
                                                                                                                                                                                    }) : () -> ()
                                                                                                                                                                                  }) : () -> ()
                                                                                                                                                                                }) : () -> ()
                                                                                                                                                                              }) : () -> ()
                                                                                                                                                                            }) : () -> ()
                                                                                                                                                                          }) : () -> ()
                                                                                                                                                                        }) : () -> ()
                                                                                                                                                                      }) : () -> ()
                                                                                                                                                                    }) : () -> ()
                                                                                                                                                                  }) : () -> ()
                                                                                                                                                                }) : () -> ()
                                                                                                                                                              }) : () -> ()
                                                                                                                                                            }) : () -> ()
                                                                                                                                                          }) : () -> ()
                                                                                                                                                        }) : () -> ()
                                                                                                                                                      }) : () -> ()
                                                                                                                                                    }) : () -> ()
                                                                                                                                                  }) : () -> ()
                                                                                                                                                }) : () -> ()
                                                                                                                                              }) : () -> ()
                                                                                                                                            }) : () -> ()
                                                                                                                                          }) : () -> ()
                                                                                                                                        }) : () -> ()
                                                                                                                                      }) : () -> ()
                                                                                                                                    }) : () -> ()
                                                                                                                                  }) : () -> ()
                                                                                                                                }) : () -> ()
                                                                                                                              }) : () -> ()
                                                                                                                            }) : () -> ()
                                                                                                                          }) : () -> ()
                                                                                                                        }) : () -> ()
                                                                                                                      }) : () -> ()
                                                                                                                    }) : () -> ()
                                                                                                                  }) : () -> ()
                                                                                                                }) : () -> ()
                                                                                                              }) : () -> ()
                                                                                                            }) : () -> ()
                                                                                                          }) : () -> ()
                                                                                                        }) : () -> ()
                                                                                                      }) : () -> ()
                                                                                                    }) : () -> ()
                                                                                                  }) : () -> ()
                                                                                                }) : () -> ()
                                                                                              }) : () -> ()
                                                                                            }) : () -> ()
                                                                                          }) : () -> ()
                                                                                        }) : () -> ()
                                                                                      }) : () -> ()
                                                                                    }) : () -> ()
                                                                                  }) : () -> ()
                                                                                }) : () -> ()
                                                                              }) : () -> ()
                                                                            }) : () -> ()
                                                                          }) : () -> ()
                                                                        }) : () -> ()
                                                                      }) : () -> ()
                                                                    }) : () -> ()
                                                                  }) : () -> ()
                                                                }) : () -> ()
                                                              }) : () -> ()
                                                            }) : () -> ()
                                                          }) : () -> ()
                                                        }) : () -> ()
                                                      }) : () -> ()
                                                    }) : () -> ()
                                                  }) : () -> ()
                                                }) : () -> ()
                                              }) : () -> ()
                                            }) : () -> ()
                                          }) : () -> ()
                                        }) : () -> ()
                                      }) : () -> ()
                                    }) : () -> ()
                                  }) : () -> ()
                                }) : () -> ()
                              }) : () -> ()
                            }) : () -> ()
                          }) : () -> ()
                        }) : () -> ()
                      }) : () -> ()
                    }) : () -> ()
                  }) : () -> ()
                }) : () -> ()
              }) : () -> ()
            }) : () -> ()
          }) : () -> ()
        }) : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
